// The guided tour of Bindings: `swift run Tour`.
//
// Each chapter is a file in this folder. It runs real library code and prints what happens, so
// reading the output next to the source is the quickest way to learn the library.

let chapters: [(title: String, run: () -> Void)] = [
  ("Publishers, subscribers and demand", tourStack),
  ("Subjects", tourSubjects),
  ("Operators", tourOperators),
  ("Bindings and lifetimes", tourBindings),
]

print("Bindings — a guided tour")
for (number, chapter) in chapters.enumerated() {
  print("\n\(number + 1). \(chapter.title)")
  print(String(repeating: "-", count: chapter.title.count + 3))
  chapter.run()
}
print("\nEnd of the tour.")
