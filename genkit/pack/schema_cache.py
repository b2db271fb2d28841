"""The validator of the content model, kept on disk (:mod:`genkit.render.disk_cache`).

pydantic builds a model's validator from its classes on first use (``defer_build``): for the
whole content model that is a large part of a command's start (about 40 ms of ``genkit check``),
the same every time for the same genkit. What it builds first, the model's core schema (plain
data naming genkit's classes and validators), is kept under a key of genkit's code and the
libraries' versions (:func:`~genkit.render.disk_cache.code_digest`, pydantic's among them), and
the next command builds the validator and serializer from it, as pydantic does, without
generating the schema again. Validation is pydantic's own, from the same schema: the same model,
the same errors. Whatever cannot be kept or read back (a class with computed or deprecated
fields, a schema that does not pickle, a damaged entry) leaves pydantic to build it itself."""
from __future__ import annotations

from ..render import disk_cache

KIND = "model-schema"


def complete(cls) -> None:
    """Give pydantic model class ``cls`` its validator and serializer: from its core schema kept
    on disk when there is one, else built by pydantic (and its schema kept)."""
    if cls.__pydantic_complete__:
        return
    if disk_cache.cache_dir() is None or not _plain(cls):      # no cache: no key to compute either
        cls.model_rebuild()
        return
    key = disk_cache.key_of(KIND, f"{cls.__module__}.{cls.__qualname__}")
    schema = disk_cache.load(KIND, key)
    if isinstance(schema, dict) and _install(cls, schema):
        return
    cls.model_rebuild()
    if cls.__pydantic_complete__:
        disk_cache.store(KIND, key, cls.__pydantic_core_schema__)


def _plain(cls) -> bool:
    """Whether completing ``cls`` is no more than setting its schema, validator and serializer (as
    pydantic's ``complete_model_class`` does for it): its fields known, none computed or
    deprecated, no hook run on completion."""
    from pydantic import BaseModel
    fields = getattr(cls, "__pydantic_fields__", None)
    hook = getattr(BaseModel, "__pydantic_on_complete__", None)     # a pydantic without it: built by pydantic
    return (hook is not None and getattr(cls, "__pydantic_fields_complete__", False) and fields is not None
            and not cls.__pydantic_decorators__.computed_fields
            and not any(f.deprecated for f in fields.values())
            and getattr(cls.__pydantic_on_complete__, "__func__", None) is getattr(hook, "__func__", hook))


def _install(cls, schema: dict) -> bool:
    """Set ``cls``'s core schema, validator and serializer from ``schema``; False if they cannot
    be made from it (pydantic then builds them)."""
    try:
        from pydantic._internal._config import ConfigWrapper
        from pydantic_core import SchemaSerializer, SchemaValidator
        config = ConfigWrapper(cls.model_config, check=False).core_config(title=cls.__name__)
        validator, serializer = SchemaValidator(schema, config), SchemaSerializer(schema, config)
    except Exception:
        return False
    cls.__pydantic_core_schema__ = schema
    cls.__pydantic_validator__ = validator
    cls.__pydantic_serializer__ = serializer
    cls.__pydantic_complete__ = True
    return True
