/*
 * VASSAL's own SequenceEncoder, run on genkit's cases (tests/export/test_vassal_encoding.py).
 *
 * Each input line: the delimiter, genkit's encoding of the fields, then the fields; each token is
 * "x" followed by the hex of its UTF-8 bytes (so any character survives the line format). Each
 * output line: the engine's encoding of the same fields, then the fields the engine decodes from
 * genkit's encoding, in the same token format.
 */
import VASSAL.tools.SequenceEncoder;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;

public class EncoderProbe {
  static String fromToken(String token) {
    final byte[] bytes = new byte[(token.length() - 1) / 2];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = (byte) Integer.parseInt(token.substring(1 + 2 * i, 3 + 2 * i), 16);
    }
    return new String(bytes, StandardCharsets.UTF_8);
  }

  static String toToken(String text) {
    final StringBuilder out = new StringBuilder("x");
    for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
      out.append(String.format("%02x", b & 0xff));
    }
    return out.toString();
  }

  public static void main(String[] args) throws Exception {
    final StringBuilder out = new StringBuilder();
    for (String line : Files.readAllLines(Paths.get(args[0]), StandardCharsets.UTF_8)) {
      final String[] tokens = line.split(" ");
      final char delimiter = fromToken(tokens[0]).charAt(0);
      final SequenceEncoder encoder = new SequenceEncoder(delimiter);
      for (int i = 2; i < tokens.length; i++) {
        encoder.append(fromToken(tokens[i]));
      }
      out.append(toToken(encoder.getValue()));
      final SequenceEncoder.Decoder decoder = new SequenceEncoder.Decoder(fromToken(tokens[1]), delimiter);
      while (decoder.hasMoreTokens()) {
        out.append(' ').append(toToken(decoder.nextToken()));
      }
      out.append('\n');
    }
    Files.write(Paths.get(args[1]), out.toString().getBytes(StandardCharsets.UTF_8));
  }
}
