"""The built-in plugins, registered through the ``publisher`` entry-point group."""
