#if GTK
/// The apps the monkey knows, by the names the command takes.
public enum MonkeyApps {
  /// The names: `contacts`, `sevenguis`.
  public static let names = ["contacts", "sevenguis"]

  /// Whether the monkey also performs the actions that make GTK 4.8 warn, for reasons not yet
  /// explained: replacing a 7GUIs page in the stack beside its sidebar (a GLib critical about a
  /// finalized object) and scrolling the CRUD list (`GtkListView failed to scroll to given
  /// position`). Off by default, so that a run finds what is new; the command turns it on with
  /// `--known-problems`.
  @MainActor public static var includesKnownProblems = false

  /// What makes the app called `name` (a fresh one per run), or `nil` for an unknown name.
  ///
  /// ```swift
  /// let monkey = Monkey(app: "contacts", make: MonkeyApps.make("contacts")!)
  /// ```
  public static func make(_ name: String) -> (@MainActor () -> any MonkeyApp)? {
    switch name {
    case "contacts": { ContactsMonkey() }
    case "sevenguis": { SevenGUIsMonkey() }
    default: nil
    }
  }
}
#endif
