//! cgtk-algebra (being built).
