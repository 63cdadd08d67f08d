"""``silentlint audit``: corpus statistics (counting, aggregation, text/markdown/json/html reports)."""
