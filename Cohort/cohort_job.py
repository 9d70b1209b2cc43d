"""healthpipe for every participant of a cohort, on Apache Spark.

    spark-submit [--master ...] Cohort/cohort_job.py --participants URI --out URI \
        --as-of DATE|latest|yesterday [--pipeline FILE] [--healthpipe PATH] [--reports]

One subfolder of exports per participant in; Parquet tables out (daily, baselines, scores,
streaks, weekly, quality, failures, state and the cohort tables). `--help` lists every
option; docs/scale-out.md says how it works and how to run it on a cluster.
"""

import os
import sys

# The job's package sits beside this script; the job ships it to the executors itself.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from hpcohort.job import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
