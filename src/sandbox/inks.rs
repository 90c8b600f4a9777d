//! The sandbox ink palette and reduction of pictures to named inks.
