#if GTK
print("GTKDemo: to be written")
#else
print("GTKDemo needs GTK 4: swift run --traits GTK GTKDemo (apt install libgtk-4-dev)")
#endif
