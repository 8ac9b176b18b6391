"""The data folder's session, by concern: the game on the pad and its saving (``folder_session``),
the pad's hands (``pad_hands``), the folder's other files (``folder_files``)."""

from bridgepad.services.session.folder_session import READ_ONLY, Change, Kind, ReadOnlyError, SaveError, Session

__all__ = ["READ_ONLY", "Change", "Kind", "ReadOnlyError", "SaveError", "Session"]
