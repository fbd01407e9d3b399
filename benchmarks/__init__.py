"""Speed, memory and load measurements, run as scripts (figures in benchmarks/README.md)."""
