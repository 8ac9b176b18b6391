"""The screens of the score pad."""
