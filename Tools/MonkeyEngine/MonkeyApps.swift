#if GTK
/// The apps the monkey knows, by the names the command takes.
public enum MonkeyApps {
  /// The names: `contacts`, `sevenguis`.
  public static let names = ["contacts", "sevenguis"]

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
