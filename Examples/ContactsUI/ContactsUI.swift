#if GTK
#endif
