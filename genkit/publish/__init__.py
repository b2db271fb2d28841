"""Publishing an update of a game: what changed between two versions, which sheets of the kit to
print again, and the errata sheet that says both (``genkit diff``); and the rule cases a booklet
marks with a change bar when it is built against an earlier version (``genkit build --since``).

Above the pack step: it loads and checks each version (:mod:`genkit.pack`), builds its kit
(:mod:`genkit.render.kit`) and draws with the kit's own drawing code (:mod:`genkit.render`).

* :mod:`.versions` - a version named by a folder, or a folder at a git revision (``DIR@REV``).
* :mod:`.changes` - every changed value of the model (path, old, new) and every changed rule case.
* :mod:`.reprint` - the kit's pages that differ, page by page (the manifest's page hashes), in words.
* :mod:`.errata` - ``errata.pdf``: each change drawn both ways, the reprint list, the simulation-only changes.
* :mod:`.diff` - ``genkit diff``: the whole comparison, written to a folder.
* :mod:`.since` - ``genkit build --since``: the changed rule cases for the booklet's change bars.
"""
