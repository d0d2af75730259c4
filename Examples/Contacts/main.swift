#if GTK
print("Contacts: to be written")
#else
print("Contacts needs GTK 4: swift run --traits GTK Contacts (apt install libgtk-4-dev)")
#endif
