/// Stage module Clean (work in progress).
enum CleanModule {}
