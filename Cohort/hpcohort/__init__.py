"""The healthpipe cohort job on Apache Spark (entry point: Cohort/cohort_job.py)."""
