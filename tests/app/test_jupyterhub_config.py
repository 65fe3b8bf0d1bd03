"""deploy/jupyterhub/config.yaml, the Zero to JupyterHub values for a class, says what README promises: the image
built from binder/, Voilà's dashboard as the landing page, the repository visible in the home folder, and room for a
student's lessons under the memory limit."""

from pathlib import Path

import yaml

from sheriff_nb.app.kernels import MIB, default_max_kernels

REPO = Path(__file__).resolve().parents[2]
CONFIG = REPO / "deploy" / "jupyterhub" / "config.yaml"
UNITS = {"K": 10**3, "M": 10**6, "G": 10**9, "Ki": 2**10, "Mi": 2**20, "Gi": 2**30}


def quantity(text: str) -> float:
    """A Kubernetes quantity in bytes: ``1.5G``, ``512M``, ``2Gi``."""
    text = str(text)
    for unit in sorted(UNITS, key=len, reverse=True):
        if text.endswith(unit):
            return float(text[: -len(unit)]) * UNITS[unit]
    return float(text)


def values() -> dict:
    return yaml.safe_load(CONFIG.read_text(encoding="utf-8"))


def test_students_land_on_the_voila_dashboard_of_a_lesson_that_exists():
    user = values()["singleuser"]
    assert user["cmd"] == "jupyterhub-singleuser"
    prefix = "/voila/render/"
    assert user["defaultUrl"].startswith(prefix)
    assert (REPO / user["defaultUrl"][len(prefix) :]).is_file()


def test_the_image_is_this_repository_built_by_repo2docker_and_its_files_stay_visible():
    text = CONFIG.read_text(encoding="utf-8")
    assert "repo2docker --no-run --user-name jovyan --image-name" in text
    assert (REPO / "binder" / "postBuild").is_file() and (REPO / "binder" / "requirements.txt").is_file()
    user = values()["singleuser"]
    assert user["image"]["name"] and str(user["image"]["tag"])
    assert user["storage"]["type"] == "none"  # a volume on the home folder would hide the notebooks


def test_the_memory_limit_leaves_room_for_four_lessons_and_the_server():
    user = values()["singleuser"]
    limit = quantity(user["memory"]["limit"])
    assert quantity(user["memory"]["guarantee"]) <= limit
    server = 85 * MIB  # a Jupyter server with Voilà's extension after rendering a page, measured
    assert default_max_kernels(available=int(limit - server)) == 4


def test_idle_servers_are_stopped_and_logins_are_configured():
    config = values()
    assert config["cull"]["enabled"] and config["cull"]["timeout"] >= 600
    assert config["hub"]["config"]["JupyterHub"]["authenticator_class"]
