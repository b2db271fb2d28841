"""genkit's default face and report templates, shipped inside the wheel as ``genkit.templates``.

This file only makes the folder a package, so an installed genkit finds the templates as package
data; the templates themselves are the ``*.j2`` files beside it."""

from pathlib import Path

#: the folder of genkit's default templates, wherever genkit is installed
FOLDER = Path(__file__).resolve().parent
