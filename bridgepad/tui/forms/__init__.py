"""The forms and dialogs: every field typed in and every question asked."""
