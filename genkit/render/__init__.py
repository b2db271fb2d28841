"""genkit.render: the single drawing path ("layout first").

Lay a component out once as a list of primitives (:mod:`.draw`), impose it on sheets
(:mod:`.sheets`), write the same list to PDF (:mod:`.pdf`) and SVG (:mod:`.svg`).
"""
