/*
 * Loads a VASSAL module in the real engine, headless apart from an X display (run it under
 * xvfb-run), starts a game without the New-Game wizard, and prints what the engine made of the
 * module as JSON, for tests/export/test_vassal_engine.py to compare with genkit's model.
 *
 * Usage: java -cp Vengine.jar:<its libraries>:. VassalProbe MODULE.vmod HEXES.txt OUT.json
 * HEXES.txt: one "id<TAB>x<TAB>y[<TAB>board]" line per hex or space of the model (genkit's centre
 * in map pixels; the board it is on, "Board" when not given).
 *
 * Reported: WARN/ERROR log events and validation warnings; each board and whether it has a grid;
 * per hex, the engine's centre of the id and its name for genkit's centre; per piece slot, the
 * BasicPiece name, every trait's images, and the piece's name and face before and after Ctrl+F;
 * after the game starts, every stack and deck on every map with positions and location names;
 * dice, turn levels and player sides.
 */

import java.awt.Point;
import java.lang.reflect.Constructor;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import javax.swing.KeyStroke;
import javax.swing.SwingUtilities;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;

import VASSAL.Info;
import VASSAL.build.GameModule;
import VASSAL.build.module.DiceButton;
import VASSAL.build.module.GameComponent;
import VASSAL.build.module.Map;
import VASSAL.build.module.PlayerRoster;
import VASSAL.build.module.SpecialDiceButton;
import VASSAL.build.module.map.boardPicker.Board;
import VASSAL.build.module.map.boardPicker.board.MapGrid;
import VASSAL.build.module.turn.ListTurnLevel;
import VASSAL.build.module.turn.TurnLevel;
import VASSAL.build.widget.PieceSlot;
import VASSAL.configure.ValidationReport;
import VASSAL.counters.Decorator;
import VASSAL.counters.Deck;
import VASSAL.counters.GamePiece;
import VASSAL.counters.Properties;
import VASSAL.counters.Stack;
import VASSAL.launch.StandardConfig;
import VASSAL.tools.DataArchive;

public class VassalProbe {
  static final List<String> LOG = Collections.synchronizedList(new ArrayList<>());
  static final KeyStroke CTRL_F = KeyStroke.getKeyStroke(70, 130);

  public static void main(String[] args) throws Exception {
    captureLog();
    Info.setConfig(new StandardConfig());
    final Constructor<?> menus = Class.forName("VASSAL.launch.Player$PlayerMenuManager").getDeclaredConstructor();
    menus.setAccessible(true);
    menus.newInstance();
    final String vmod = args[0];
    final List<String> hexes = Files.readAllLines(Path.of(args[1]));
    final StringBuilder out = new StringBuilder();
    SwingUtilities.invokeAndWait(() -> {
      try {
        final GameModule gm = new GameModule(new DataArchive(vmod));
        GameModule.init(gm);
        probe(gm, hexes, out);
      }
      catch (Exception e) {
        throw new RuntimeException(e);
      }
    });
    Files.writeString(Path.of(args[2]), out.toString(), StandardCharsets.UTF_8);
    System.exit(0);
  }

  static void captureLog() {
    final ch.qos.logback.classic.Logger root = (ch.qos.logback.classic.Logger)
      org.slf4j.LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    final AppenderBase<ILoggingEvent> app = new AppenderBase<>() {
      @Override
      protected void append(ILoggingEvent e) {
        if (e.getLevel().isGreaterOrEqual(Level.WARN)) {
          final String t = e.getThrowableProxy() == null ? ""
            : " " + e.getThrowableProxy().getClassName() + ": " + e.getThrowableProxy().getMessage();
          LOG.add(e.getLevel() + " " + e.getFormattedMessage() + t);
        }
      }
    };
    app.setContext(root.getLoggerContext());
    app.start();
    root.addAppender(app);
  }

  static void probe(GameModule gm, List<String> hexes, StringBuilder out) throws Exception {
    final ValidationReport report = new ValidationReport();
    gm.validate(gm, report);
    out.append("{\"module\": ").append(q(gm.getGameName()));
    out.append(",\n\"validation\": ").append(strings(report.getWarnings()));
    out.append(",\n\"boards\": [");
    String sep = "";
    for (Board b : gm.getAllDescendantComponentsOf(Board.class)) {
      out.append(sep).append("{\"name\": ").append(q(b.getName()))
        .append(", \"grid\": ").append(b.getGrid() != null)
        .append(", \"hexes\": ").append(b.getGrid() == null ? "[]" : hexes(b.getGrid(), hexes, b.getName()))
        .append("}");
      sep = ",\n";
    }
    out.append("],\n\"slots\": [");
    sep = "";
    for (PieceSlot slot : gm.getAllDescendantComponentsOf(PieceSlot.class)) {
      out.append(sep).append(slot(slot));
      sep = ",\n";
    }
    out.append("],\n\"dice\": [");
    sep = "";
    for (DiceButton d : gm.getAllDescendantComponentsOf(DiceButton.class)) {
      out.append(sep).append("{\"name\": ").append(q(d.getAttributeValueString("name")))
        .append(", \"sides\": ").append(q(d.getAttributeValueString("nSides"))).append("}");
      sep = ", ";
    }
    for (SpecialDiceButton d : gm.getAllDescendantComponentsOf(SpecialDiceButton.class)) {
      out.append(sep).append("{\"name\": ").append(q(d.getAttributeValueString("name")))
        .append(", \"special\": true}");
      sep = ", ";
    }
    out.append("],\n\"turn_levels\": [");
    sep = "";
    for (TurnLevel t : gm.getAllDescendantComponentsOf(TurnLevel.class)) {
      out.append(sep).append("{\"name\": ").append(q(t.getAttributeValueString("name")))
        .append(", \"list\": ").append(q(t.getAttributeValueString("list")))
        .append(", \"items\": ").append(t instanceof ListTurnLevel ? strings(Arrays.asList(listItems(t))) : "null")
        .append(", \"loopLimit\": ").append(q(t.getAttributeValueString("loopLimit"))).append("}");
      sep = ", ";
    }
    out.append("],\n\"sides\": [");
    sep = "";
    for (PlayerRoster r : gm.getAllDescendantComponentsOf(PlayerRoster.class)) {
      for (String s : r.getSides()) {
        out.append(sep).append(q(s));
        sep = ", ";
      }
    }
    out.append("],\n\"game\": ").append(startGame(gm));
    out.append(",\n\"log\": ").append(strings(new ArrayList<>(LOG))).append("}\n");
  }

  static String hexes(MapGrid grid, List<String> hexes, String board) {
    final StringBuilder s = new StringBuilder("[");
    String sep = "";
    for (String line : hexes) {
      final String[] f = line.split("\t");
      if (f.length < 3) continue;
      if (!(f.length > 3 ? f[3] : "Board").equals(board)) continue;
      final Point p = new Point((int) Math.round(Double.parseDouble(f[1])), (int) Math.round(Double.parseDouble(f[2])));
      String loc;
      try {
        final Point c = grid.getLocation(f[0]);
        loc = "[" + c.x + ", " + c.y + "]";
      }
      catch (MapGrid.BadCoords e) {
        loc = "null";
      }
      final Point snap = grid.snapTo(p);
      s.append(sep).append("{\"id\": ").append(q(f[0])).append(", \"centre\": ").append(loc)
        .append(", \"name\": ").append(q(grid.locationName(p)))
        .append(", \"snap\": [").append(snap.x).append(", ").append(snap.y).append("]}");
      sep = ",\n ";
    }
    return s.append("]").toString();
  }

  static String slot(PieceSlot slot) {
    final GamePiece p = slot.getPiece();
    final StringBuilder traits = new StringBuilder("[");
    String sep = "";
    for (GamePiece t = p; t != null; t = t instanceof Decorator ? ((Decorator) t).getInner() : null) {
      final List<String> images = new ArrayList<>();
      if (t instanceof Decorator) ((Decorator) t).addLocalImageNames(images);
      else if (t instanceof VASSAL.counters.BasicPiece) ((VASSAL.counters.BasicPiece) t).addLocalImageNames(images);
      traits.append(sep).append("{\"class\": ").append(q(t.getClass().getSimpleName()))
        .append(", \"images\": ").append(strings(images)).append("}");
      sep = ", ";
    }
    final String name = p.getName();
    final Object face = p.getProperty("Side_Image");
    final Object level = p.getProperty("Side_Level");
    p.keyEvent(CTRL_F);
    return "{\"gpid\": " + q(slot.getGpId()) + ", \"entry\": " + q(slot.getConfigureName())
      + ", \"basic_name\": " + q(Decorator.getInnermost(p).getName())
      + ", \"traits\": " + traits.append("]")
      + ", \"name\": " + q(name) + ", \"face\": " + q(face) + ", \"level\": " + q(level)
      + ", \"flipped_name\": " + q(p.getName()) + ", \"flipped_face\": " + q(p.getProperty("Side_Image"))
      + ", \"flipped_level\": " + q(p.getProperty("Side_Level")) + "}";
  }

  /** Start a game the way the New-Game wizard would, without it (its jar is not shipped). */
  static String startGame(GameModule gm) {
    for (GameComponent c : gm.getGameState().getGameComponents()) c.setup(false);
    for (GameComponent c : gm.getGameState().getGameComponents()) c.setup(true);
    final StringBuilder s = new StringBuilder("[");
    String sep = "";
    for (Map m : gm.getAllDescendantComponentsOf(Map.class)) {
      for (GamePiece g : m.getPieces()) {
        final Point pos = g.getPosition();
        s.append(sep).append("{\"map\": ").append(q(m.getMapName()))
          .append(", \"kind\": ").append(q(g instanceof Deck ? "deck" : g instanceof Stack ? "stack" : "piece"))
          .append(", \"x\": ").append(pos.x).append(", \"y\": ").append(pos.y)
          .append(", \"location\": ").append(q(m.locationName(pos)))
          .append(deckState(g))
          .append(", \"pieces\": ").append(pieces(g)).append("}");
        sep = ",\n";
      }
    }
    return s.append("]").toString();
  }

  static String deckState(GamePiece g) {
    if (!(g instanceof Deck)) return "";
    final Deck d = (Deck) g;
    return ", \"face_down\": " + d.isFaceDown() + ", \"face_down_option\": " + q(d.getFaceDownOption())
      + ", \"shuffle_option\": " + q(d.getShuffleOption()) + ", \"deck_name\": " + q(d.getDeckName());
  }

  static String pieces(GamePiece g) {
    final List<GamePiece> list = new ArrayList<>();
    if (g instanceof Stack) list.addAll(((Stack) g).asList());
    else list.add(g);
    final StringBuilder s = new StringBuilder("[");
    String sep = "";
    for (GamePiece p : list) {
      s.append(sep).append("{\"name\": ").append(q(Decorator.getInnermost(p).getName()))
        .append(", \"obscured_to_others\": ").append(Boolean.TRUE.equals(p.getProperty(Properties.OBSCURED_TO_OTHERS)))
        .append(", \"obscured_to_me\": ").append(Boolean.TRUE.equals(p.getProperty(Properties.OBSCURED_TO_ME)))
        .append("}");
      sep = ", ";
    }
    return s.append("]").toString();
  }

  /** The items a list level holds, as the engine decoded them (its attribute re-encodes them). */
  static String[] listItems(TurnLevel t) throws ReflectiveOperationException {
    final java.lang.reflect.Field list = ListTurnLevel.class.getDeclaredField("list");
    list.setAccessible(true);
    return (String[]) list.get(t);
  }

  static String strings(List<?> items) {
    final StringBuilder s = new StringBuilder("[");
    String sep = "";
    for (Object o : items) {
      s.append(sep).append(q(o));
      sep = ", ";
    }
    return s.append("]").toString();
  }

  static String q(Object o) {
    if (o == null) return "null";
    final String v = o.toString();
    final StringBuilder s = new StringBuilder("\"");
    for (char c : v.toCharArray()) {
      if (c == '"' || c == '\\') s.append('\\').append(c);
      else if (c < 0x20) s.append(String.format("\\u%04x", (int) c));
      else s.append(c);
    }
    return s.append('"').toString();
  }
}
