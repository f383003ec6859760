"""What the tests share besides fixtures: fakes, servers in processes of their own, the databases,
the machine's packages, and the helpers that drive the rules, the screens and the browser. The
conftest files hold only fixtures and pytest's hooks; a test module imports from here, never from
another test module."""
