"""The Software Challenge 2021 XML protocol (contest server 21.4.0, and 21.3.3 by option)."""
