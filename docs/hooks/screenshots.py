"""The site's pictures are the repository's screenshots/, where tests/make_screenshots.py and
its neighbours write them: the pages name them as screenshots/NAME, and this hook adds that
folder to the site's files, so that no copy of a picture is kept in docs/ to fall behind."""

from __future__ import annotations

from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

FOLDER = "screenshots"
PICTURES = {".svg", ".png"}


def on_files(files: Files, config: MkDocsConfig) -> Files:
    root = Path(config.config_file_path).parent
    for picture in sorted((root / FOLDER).iterdir()):
        if picture.suffix in PICTURES:
            files.append(
                File(
                    f"{FOLDER}/{picture.name}",
                    src_dir=str(root),
                    dest_dir=config.site_dir,
                    use_directory_urls=config.use_directory_urls,
                )
            )
    return files
