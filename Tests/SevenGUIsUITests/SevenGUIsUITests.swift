// The seven tasks in real windows (built with the GTK trait).
