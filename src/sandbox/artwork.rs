//! Demo artwork generated deterministically for the fixtures.
