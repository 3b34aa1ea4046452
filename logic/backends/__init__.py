"""The back ends: python-constraint (concrete), Z3 (symbolic), and exact counting."""
