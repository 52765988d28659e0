//! cgtk-poggle (being built).
