/// Stage module Report (work in progress).
enum ReportModule {}
