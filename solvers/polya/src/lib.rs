//! cgtk-polya (being built).
