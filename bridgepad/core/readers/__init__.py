"""Reading what people type and what files hold: notation, logs, forms and saved games."""
