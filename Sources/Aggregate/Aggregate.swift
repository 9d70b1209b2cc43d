/// Stage module Aggregate (work in progress).
enum AggregateModule {}
