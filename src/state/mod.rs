//! The app state and its URL codec.
