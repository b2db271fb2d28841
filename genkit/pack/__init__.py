"""The pack step: a game's content folder loaded and checked whole, above the model, the
renderer and the engine, which it brings together (the model imports neither).

* :mod:`.playable` (``sim``, ``play``, ``replay``, ``tune``): :func:`~.playable.load`, the model
  (:func:`genkit.model.load.load`) with its ``rules:`` section validated by the model its rules
  module declares; :func:`~.playable.load_checked`, the model ready to play: the model's checks
  and the rules module's (through the registry :data:`genkit.engine.rules.RULES_MODULES`).
  Nothing is laid out, and nothing of the renderer but the door to the rules module
  (:mod:`genkit.render.charts`) is imported.
* :mod:`.printable` (``check``, ``build``, ``export``): every check, the drawing checks
  (:mod:`genkit.render.checks`) too, which lay out what the kit prints to see whether it fits;
  :func:`~.printable.build_kit` prints what they laid out rather than lay it out again.
* :mod:`.check_cache` (``check``): a clean check's findings kept on disk, printed again while no
  file of the pack, ``--set`` value, limit or genkit code has changed.
* :mod:`.kit_cache` (``build``): the kit a build wrote, kept whole by the same key and the
  build's options, and written again without loading the model while none of them changed.
* :mod:`.schema_cache`: the content model's pydantic validator built from a core schema kept on
  disk rather than generated at every command's start.
"""
