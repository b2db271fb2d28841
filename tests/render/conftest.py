"""Fixtures for the genkit.render tests (helpers live in render_helpers.py)."""

import pytest

from render_helpers import build_sample_pages


@pytest.fixture
def sample_pages():
    return build_sample_pages()
