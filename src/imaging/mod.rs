//! Pure pixel work shared by the sandbox and the app.
