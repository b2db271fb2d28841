"""One module per game; each exposes a ``Game`` class built from a content model."""
