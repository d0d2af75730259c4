// The views of the seven tasks, one file per task (built with the GTK trait).
