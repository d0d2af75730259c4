#if GTK
print("GTKBenchmarks: to be written")
#else
print("GTKBenchmarks needs GTK 4: swift run -c release --traits GTK GTKBenchmarks (apt install libgtk-4-dev)")
#endif
