"""Tools for modders: check-content, the JSON Schemas of content files, new-mod."""
