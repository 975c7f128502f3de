"""Where a checkout builds the site and finds the published studies (the installed case: test_packaging.py)."""

from __future__ import annotations

from wararchive import paths


def test_a_checkout_builds_in_its_own_docs_unless_told_otherwise(tmp_path):
    assert paths.in_checkout() and paths.packaged() is None
    assert paths.site_root() == paths.CHECKOUT and paths.default_studies() is None  # docs/studies beside the pages
    root = paths.site_root(tmp_path / "copy")
    assert (root / "docs" / "conf.py").read_bytes() == (paths.CHECKOUT / "docs" / "conf.py").read_bytes()
    assert not (root / "docs" / "studies").exists() and not (root / "docs" / "texts").exists()  # sources only
    assert (root / "notebooks").is_dir() and (root / "CHANGELOG.md").is_file()
    assert paths.default_studies(root) == paths.CHECKOUT / "docs" / "studies"  # a copy shows the checkout's studies
