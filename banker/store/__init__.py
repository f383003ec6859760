"""What Banker keeps: the database engine and its tables, the schema's migrations, and the counts
the brakes keep per client address."""
