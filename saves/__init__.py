"""The TOML save store: one file per save, written atomically, the command log as the truth."""
from saves.store import SaveError, SaveHandle, SaveInfo, SaveStore, default_folder

__all__ = ["SaveError", "SaveHandle", "SaveInfo", "SaveStore", "default_folder"]
