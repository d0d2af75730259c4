#if GTK
// The GTK C API, for the calls the wrappers do not cover (`gtk_label_set_selectable(label.label, 1)`)
// and for the C types their members expose (`GtkWidget`, `GObject`).
@_exported import CGTK
#endif
