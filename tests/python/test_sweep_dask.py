"""tiersim.sweep on a Dask cluster returns the local table, also when a worker dies mid-sweep
(issue 20's "Done when")."""

from __future__ import annotations

import os
import sys

import pandas as pd
import pytest

import tiersim
from conftest import TRACES

distributed = pytest.importorskip("distributed")

POLICIES = ["lru", "arc", {"kind": "s3-fifo", "smallShare": 0.2}, "w-tinylfu"]
SIZES = [16, 128, 512, 2048]
PATHS = [str(TRACES / "zipf-3072.csv.gz"), str(TRACES / "mix-20000.oracleGeneral.gz")]


@pytest.fixture(scope="module")
def local_table():
    return tiersim.sweep(PATHS, policies=POLICIES, sizes=SIZES, threads=2)


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=40
    )
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


def test_the_local_table_has_a_row_per_cell_in_order(local_table):
    assert len(local_table) == 2 * 4 * 4
    assert list(local_table["trace"].unique()) == PATHS
    assert list(local_table["policy"].unique()) == ["lru", "arc", "s3-fifo", "w-tinylfu"]
    assert list(local_table["size"][:4]) == SIZES
    lru = local_table[(local_table["policy"] == "lru") & (local_table["trace"] == PATHS[0])]
    for size, misses in zip(SIZES, lru["misses"]):
        assert misses == tiersim.sim("lru", size, PATHS[0])["misses"]
    assert (local_table["bytes"] == local_table["block_refs"] * 4096).all()
    # The thread count does not change the table.
    pd.testing.assert_frame_equal(local_table, tiersim.sweep(PATHS, policies=POLICIES, sizes=SIZES, threads=1))


def test_a_two_worker_cluster_returns_the_local_table(client, local_table):
    assert len(client.scheduler_info()["workers"]) == 2
    table = tiersim.sweep(PATHS, policies=POLICIES, sizes=SIZES, client=client)
    pd.testing.assert_frame_equal(table, local_table)


class KillOnce(distributed.WorkerPlugin):
    """Ends the worker's process the first time any worker starts a sweep task (a marker file
    says it happened, so the worker the nanny restarts, or the other one, carries on)."""

    def __init__(self, marker: str):
        self.marker = marker

    def transition(self, key, start, finish, **kwargs):
        if finish == "executing" and "tiersim-sweep" in str(key):
            try:
                os.close(os.open(self.marker, os.O_CREAT | os.O_EXCL))
            except FileExistsError:
                return
            os._exit(1)


def test_a_worker_killed_mid_sweep_leaves_the_table_complete_and_identical(client, local_table, tmp_path):
    import cloudpickle

    # Workers cannot import this test module: send the plugin's class by value.
    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    marker = tmp_path / "killed"
    register = getattr(client, "register_plugin", None) or client.register_worker_plugin
    register(KillOnce(str(marker)), name="kill-once")
    try:
        table = tiersim.sweep(PATHS, policies=POLICIES, sizes=SIZES, client=client)
    finally:
        client.unregister_worker_plugin("kill-once")
    assert marker.exists(), "no worker was killed"
    pd.testing.assert_frame_equal(table, local_table)


def test_a_mini_sweep_on_the_cluster_is_the_local_one(client):
    local = tiersim.sweep(PATHS, policies=POLICIES, sizes=SIZES, method="mini", sample=0.05, threads=2)
    table = tiersim.sweep(PATHS, policies=POLICIES, sizes=SIZES, method="mini", sample=0.05, client=client)
    pd.testing.assert_frame_equal(table, local)


def test_the_table_round_trips_through_parquet(local_table, tmp_path):
    pytest.importorskip("pyarrow")
    file = tmp_path / "sweep.parquet"
    tiersim.to_parquet(local_table, file)
    pd.testing.assert_frame_equal(pd.read_parquet(file), local_table)


def test_a_trace_missing_on_the_cluster_is_a_file_not_found_error_naming_it(client, tmp_path):
    missing = str(tmp_path / "nope.csv")
    with pytest.raises(FileNotFoundError) as e:
        tiersim.sweep(missing, policies=["lru"], sizes=[10], client=client, retries=0)
    assert missing in str(e.value)
