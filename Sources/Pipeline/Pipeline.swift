/// Stage module Pipeline (work in progress).
enum PipelineModule {}
