"""The evening of several tables on the screens: its screen, its view of the tables, its
review, the pairs' names form, and its face (``face.FACE``) in the registry of kinds (``tui.kinds``)."""
