package io.mrcoupler.worker;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The worker's JSON, hand-written so the worker needs no library that could clash with the
 * project's own (a project on an old Gson must still be testable). It writes flat objects whose
 * values are strings, numbers, booleans and lists of strings, and reads any JSON value into maps,
 * lists, strings, {@code Long}/{@code Double}, booleans and null. Messages are one object per line.
 */
final class Wire {

    private Wire() {
    }

    /** An object from key/value pairs; null values are left out. */
    static String object(Object... keysAndValues) {
        StringBuilder json = new StringBuilder("{");
        for (int i = 0; i + 1 < keysAndValues.length; i += 2) {
            Object value = keysAndValues[i + 1];
            if (value == null) {
                continue;
            }
            if (json.length() > 1) {
                json.append(',');
            }
            string(json, String.valueOf(keysAndValues[i]));
            json.append(':');
            value(json, value);
        }
        return json.append('}').toString();
    }

    private static void value(StringBuilder json, Object value) {
        if (value instanceof Number || value instanceof Boolean) {
            json.append(value);
        } else if (value instanceof List) {
            json.append('[');
            boolean first = true;
            for (Object item : (List<?>) value) {
                if (!first) {
                    json.append(',');
                }
                first = false;
                value(json, item);
            }
            json.append(']');
        } else {
            string(json, String.valueOf(value));
        }
    }

    static void string(StringBuilder json, String s) {
        json.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"':
                    json.append("\\\"");
                    break;
                case '\\':
                    json.append("\\\\");
                    break;
                case '\n':
                    json.append("\\n");
                    break;
                case '\r':
                    json.append("\\r");
                    break;
                case '\t':
                    json.append("\\t");
                    break;
                default:
                    // Other control characters and lone surrogates (a test's message can hold any
                    // char) are escaped so the line stays one valid UTF-8 line.
                    if (c < 0x20 || Character.isSurrogate(c)) {
                        json.append(String.format("\\u%04x", (int) c));
                    } else {
                        json.append(c);
                    }
            }
        }
        json.append('"');
    }

    /** Parses one JSON object. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> parseObject(String json) {
        Object value = new Parser(json).document();
        if (!(value instanceof Map)) {
            throw new IllegalArgumentException("expected a JSON object: " + json);
        }
        return (Map<String, Object>) value;
    }

    /** A list of strings from a parsed value (absent: empty). */
    static List<String> strings(Object value) {
        List<String> out = new ArrayList<>();
        if (value instanceof List) {
            for (Object item : (List<?>) value) {
                out.add(String.valueOf(item));
            }
        }
        return out;
    }

    private static final class Parser {
        private final String s;
        private int i;

        Parser(String s) {
            this.s = s;
        }

        Object document() {
            Object value = value();
            skipSpace();
            if (i != s.length()) {
                throw error("trailing characters");
            }
            return value;
        }

        private Object value() {
            skipSpace();
            if (i >= s.length()) {
                throw error("unexpected end");
            }
            char c = s.charAt(i);
            switch (c) {
                case '{':
                    return object();
                case '[':
                    return array();
                case '"':
                    return string();
                case 't':
                    return literal("true", Boolean.TRUE);
                case 'f':
                    return literal("false", Boolean.FALSE);
                case 'n':
                    return literal("null", null);
                default:
                    return number();
            }
        }

        private Map<String, Object> object() {
            Map<String, Object> map = new LinkedHashMap<>();
            i++; // {
            skipSpace();
            if (peek() == '}') {
                i++;
                return map;
            }
            while (true) {
                skipSpace();
                String key = string();
                skipSpace();
                expect(':');
                map.put(key, value());
                skipSpace();
                if (peek() == ',') {
                    i++;
                } else {
                    expect('}');
                    return map;
                }
            }
        }

        private List<Object> array() {
            List<Object> list = new ArrayList<>();
            i++; // [
            skipSpace();
            if (peek() == ']') {
                i++;
                return list;
            }
            while (true) {
                list.add(value());
                skipSpace();
                if (peek() == ',') {
                    i++;
                } else {
                    expect(']');
                    return list;
                }
            }
        }

        private String string() {
            expect('"');
            StringBuilder out = new StringBuilder();
            while (true) {
                if (i >= s.length()) {
                    throw error("unterminated string");
                }
                char c = s.charAt(i++);
                if (c == '"') {
                    return out.toString();
                }
                if (c != '\\') {
                    out.append(c);
                    continue;
                }
                char e = s.charAt(i++);
                switch (e) {
                    case 'n':
                        out.append('\n');
                        break;
                    case 'r':
                        out.append('\r');
                        break;
                    case 't':
                        out.append('\t');
                        break;
                    case 'b':
                        out.append('\b');
                        break;
                    case 'f':
                        out.append('\f');
                        break;
                    case 'u':
                        out.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                        i += 4;
                        break;
                    default:
                        out.append(e); // \" \\ \/
                }
            }
        }

        private Object number() {
            int start = i;
            while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) {
                i++;
            }
            String text = s.substring(start, i);
            if (text.isEmpty()) {
                throw error("unexpected character '" + s.charAt(start) + "'");
            }
            if (text.indexOf('.') >= 0 || text.indexOf('e') >= 0 || text.indexOf('E') >= 0) {
                return Double.valueOf(text);
            }
            return Long.valueOf(text);
        }

        private Object literal(String word, Object value) {
            if (!s.startsWith(word, i)) {
                throw error("expected " + word);
            }
            i += word.length();
            return value;
        }

        private char peek() {
            return i < s.length() ? s.charAt(i) : '\0';
        }

        private void expect(char c) {
            if (peek() != c) {
                throw error("expected '" + c + "'");
            }
            i++;
        }

        private void skipSpace() {
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
        }

        private IllegalArgumentException error(String what) {
            return new IllegalArgumentException("bad JSON at " + i + " (" + what + "): " + s);
        }
    }
}
