package dev.informer.labels;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * A parsed Kubernetes label selector with the syntax and semantics of apimachinery's
 * {@code labels.Parse}: comma-separated requirements that must all hold, each one of
 * {@code key=value}, {@code key==value}, {@code key!=value}, {@code key in (a,b)},
 * {@code key notin (a,b)}, {@code key} (exists), {@code !key} (does not exist), {@code key>n} and
 * {@code key<n} (integer comparison). Whitespace (space, tab, CR, LF) may surround tokens; keys must
 * be qualified names and values valid label values; {@code in}/{@code notin} values form a set (so
 * {@code x in ()} means the empty value). {@code !=} and {@code notin} also match objects that do
 * not have the key at all, as in Kubernetes.
 *
 * <p>Immutable and thread-safe; {@link #matches} allocates nothing. {@link #toString()} is the
 * canonical form apimachinery prints: requirements sorted by key, set values sorted, no spaces
 * except around {@code in}/{@code notin}. Two selectors are equal when their canonical forms are.
 */
public final class LabelSelector {
    private static final LabelSelector EVERYTHING = new LabelSelector(new Requirement[0]);

    private final Requirement[] requirements;
    private final String canonical;

    private LabelSelector(Requirement[] requirements) {
        this.requirements = requirements;
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < requirements.length; i++) {
            if (i > 0) {
                sb.append(',');
            }
            requirements[i].appendTo(sb);
        }
        this.canonical = sb.toString();
    }

    /** The selector that matches every label set (what an absent or empty selector means). */
    public static LabelSelector everything() {
        return EVERYTHING;
    }

    /**
     * Parses a selector; {@code null}, empty or all-whitespace input selects everything.
     *
     * @throws SelectorException with apimachinery's message when the syntax is wrong, a key is not
     *     a qualified name, a value is not a valid label value, or a {@code >}/{@code <} operand is
     *     not an integer
     */
    public static LabelSelector parse(String selector) {
        if (selector == null || selector.isEmpty()) {
            return EVERYTHING;
        }
        List<Requirement> parsed = new Parser(selector).parse();
        if (parsed.isEmpty()) {
            return EVERYTHING;
        }
        Requirement[] sorted = parsed.toArray(new Requirement[0]);
        // Stable, so repeated keys keep their written order (deterministic canonical form).
        Arrays.sort(sorted, Comparator.comparing(r -> r.key));
        return new LabelSelector(sorted);
    }

    /** True when this selector has no requirements and so matches everything. */
    public boolean isEmpty() {
        return requirements.length == 0;
    }

    /**
     * True when every requirement holds for {@code labels}; {@code null} means no labels. A key
     * mapped to {@code null} counts as present with the empty value.
     */
    public boolean matches(Map<String, String> labels) {
        for (Requirement r : requirements) {
            String value = null;
            boolean present = false;
            if (labels != null) {
                value = labels.get(r.key);
                present = value != null || labels.containsKey(r.key);
            }
            if (!r.matches(present, value == null ? "" : value)) {
                return false;
            }
        }
        return true;
    }

    /**
     * True when every requirement holds for labels read through {@code labelValue}, which returns a
     * label's value or {@code null} when the key is absent. Lets a caller match labels held in
     * another shape (a JSON tree, a model object) without copying them into a map.
     */
    public boolean matchesLookup(Function<String, String> labelValue) {
        for (Requirement r : requirements) {
            String value = labelValue.apply(r.key);
            if (!r.matches(value != null, value == null ? "" : value)) {
                return false;
            }
        }
        return true;
    }

    /** The canonical form, e.g. {@code app=web,tier in (back,front),!legacy}. */
    @Override
    public String toString() {
        return canonical;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LabelSelector other && canonical.equals(other.canonical);
    }

    @Override
    public int hashCode() {
        return canonical.hashCode();
    }

    private enum Operator {
        EQUALS("="),
        DOUBLE_EQUALS("=="),
        NOT_EQUALS("!="),
        IN(" in "),
        NOT_IN(" notin "),
        EXISTS(""),
        DOES_NOT_EXIST(""),
        GREATER_THAN(">"),
        LESS_THAN("<");

        final String symbol;

        Operator(String symbol) {
            this.symbol = symbol;
        }
    }

    /** One key/operator/values condition; values are sorted and unique. */
    private static final class Requirement {
        final String key;
        final Operator op;
        final String[] values;
        final long bound; // the integer operand of > and <

        Requirement(String key, Operator op, String[] values, long bound) {
            this.key = key;
            this.op = op;
            this.values = values;
            this.bound = bound;
        }

        boolean matches(boolean present, String value) {
            switch (op) {
                case EQUALS, DOUBLE_EQUALS, IN -> {
                    return present && hasValue(value);
                }
                case NOT_EQUALS, NOT_IN -> {
                    return !present || !hasValue(value);
                }
                case EXISTS -> {
                    return present;
                }
                case DOES_NOT_EXIST -> {
                    return !present;
                }
                case GREATER_THAN, LESS_THAN -> {
                    if (!present) {
                        return false;
                    }
                    long actual;
                    try {
                        actual = Long.parseLong(value);
                    } catch (NumberFormatException e) {
                        return false; // a non-integer label never satisfies an integer comparison
                    }
                    return op == Operator.GREATER_THAN ? actual > bound : actual < bound;
                }
                default -> throw new AssertionError(op);
            }
        }

        private boolean hasValue(String value) {
            for (String v : values) {
                if (v.equals(value)) {
                    return true;
                }
            }
            return false;
        }

        void appendTo(StringBuilder sb) {
            if (op == Operator.DOES_NOT_EXIST) {
                sb.append('!');
            }
            sb.append(key);
            if (op == Operator.EXISTS || op == Operator.DOES_NOT_EXIST) {
                return;
            }
            sb.append(op.symbol);
            boolean set = op == Operator.IN || op == Operator.NOT_IN;
            if (set) {
                sb.append('(');
            }
            for (int i = 0; i < values.length; i++) {
                if (i > 0) {
                    sb.append(',');
                }
                sb.append(values[i]);
            }
            if (set) {
                sb.append(')');
            }
        }
    }

    private enum Token {
        END_OF_STRING,
        CLOSED_PAR,
        COMMA,
        DOES_NOT_EXIST,
        DOUBLE_EQUALS,
        EQUALS,
        GREATER_THAN,
        IDENTIFIER,
        IN,
        LESS_THAN,
        NOT_EQUALS,
        NOT_IN,
        OPEN_PAR
    }

    /**
     * Lexer plus recursive-descent parser, token for token the grammar of apimachinery's
     * {@code labels.Parse}, so that odd inputs ({@code x in (,a)}, {@code a in (in,notin)}) are
     * accepted or rejected exactly as a real API server would.
     */
    private static final class Parser {
        private final List<Token> tokens = new ArrayList<>();
        private final List<String> literals = new ArrayList<>();
        private int position;

        Parser(String input) {
            Lexer lexer = new Lexer(input);
            while (true) {
                Token t = lexer.next();
                tokens.add(t);
                literals.add(lexer.literal);
                if (t == Token.END_OF_STRING) {
                    break;
                }
            }
        }

        /** In value context the keywords {@code in} and {@code notin} are plain identifiers. */
        private Token lookahead(boolean values) {
            return contextual(tokens.get(position), values);
        }

        private String lookaheadLiteral() {
            return literals.get(position);
        }

        private Token consume(boolean values) {
            return contextual(tokens.get(position++), values);
        }

        private String consumedLiteral() {
            return literals.get(position - 1);
        }

        private static Token contextual(Token t, boolean values) {
            if (values && (t == Token.IN || t == Token.NOT_IN)) {
                return Token.IDENTIFIER;
            }
            return t;
        }

        List<Requirement> parse() {
            List<Requirement> requirements = new ArrayList<>();
            while (true) {
                Token t = lookahead(true);
                switch (t) {
                    case IDENTIFIER, DOES_NOT_EXIST -> {
                        requirements.add(parseRequirement());
                        Token after = consume(true);
                        if (after == Token.END_OF_STRING) {
                            return requirements;
                        }
                        if (after != Token.COMMA) {
                            throw new SelectorException(
                                    "found '" + consumedLiteral() + "', expected: ',' or 'end of string'");
                        }
                        Token next = lookahead(true);
                        if (next != Token.IDENTIFIER && next != Token.DOES_NOT_EXIST) {
                            throw new SelectorException(
                                    "found '" + lookaheadLiteral() + "', expected: identifier after ','");
                        }
                    }
                    case END_OF_STRING -> {
                        return requirements;
                    }
                    default ->
                        throw new SelectorException(
                                "found '" + lookaheadLiteral() + "', expected: !, identifier, or 'end of string'");
                }
            }
        }

        private Requirement parseRequirement() {
            Operator op = null;
            Token t = consume(true);
            if (t == Token.DOES_NOT_EXIST) {
                op = Operator.DOES_NOT_EXIST;
                t = consume(true);
            }
            String key = consumedLiteral();
            if (t != Token.IDENTIFIER) {
                throw requirementError("found '" + key + "', expected: identifier");
            }
            List<String> keyErrors = KubeNames.qualifiedNameErrors(key);
            if (!keyErrors.isEmpty()) {
                throw requirementError("key: Invalid value: \"" + key + "\": " + String.join("; ", keyErrors));
            }
            Token next = lookahead(true);
            if (next == Token.END_OF_STRING || next == Token.COMMA) {
                if (op == null) {
                    op = Operator.EXISTS;
                }
            }
            if (op == Operator.EXISTS || op == Operator.DOES_NOT_EXIST) {
                return new Requirement(key, op, new String[0], 0);
            }
            op = parseOperator();
            SortedSet<String> values = (op == Operator.IN || op == Operator.NOT_IN) ? parseValues() : parseExactValue();
            String[] sorted = values.toArray(new String[0]);
            int i = 0;
            for (String v : sorted) {
                List<String> valueErrors = KubeNames.labelValueErrors(v);
                if (!valueErrors.isEmpty()) {
                    throw requirementError("values[" + i + "][" + key + "]: Invalid value: \"" + v + "\": "
                            + String.join("; ", valueErrors));
                }
                i++;
            }
            long bound = 0;
            if (op == Operator.GREATER_THAN || op == Operator.LESS_THAN) {
                try {
                    bound = Long.parseLong(sorted[0]);
                } catch (NumberFormatException e) {
                    throw requirementError("values[0]: Invalid value: \"" + sorted[0]
                            + "\": for 'Gt', 'Lt' operators, the value must be an integer");
                }
            }
            return new Requirement(key, op, sorted, bound);
        }

        private Operator parseOperator() {
            Token t = consume(false);
            return switch (t) {
                case IN -> Operator.IN;
                case EQUALS -> Operator.EQUALS;
                case DOUBLE_EQUALS -> Operator.DOUBLE_EQUALS;
                case GREATER_THAN -> Operator.GREATER_THAN;
                case LESS_THAN -> Operator.LESS_THAN;
                case NOT_IN -> Operator.NOT_IN;
                case NOT_EQUALS -> Operator.NOT_EQUALS;
                default ->
                    throw requirementError("found '" + consumedLiteral() + "', expected: in, notin, =, ==, !=, gt, lt");
            };
        }

        private SortedSet<String> parseValues() {
            if (consume(true) != Token.OPEN_PAR) {
                throw requirementError("found '" + consumedLiteral() + "' expected: '('");
            }
            Token t = lookahead(true);
            String literal = lookaheadLiteral();
            switch (t) {
                case IDENTIFIER, COMMA -> {
                    SortedSet<String> values = parseIdentifiersList();
                    if (consume(true) != Token.CLOSED_PAR) {
                        throw requirementError("found '" + literal + "', expected: ')'");
                    }
                    return values;
                }
                case CLOSED_PAR -> {
                    consume(true);
                    TreeSet<String> empty = new TreeSet<>();
                    empty.add("");
                    return empty;
                }
                default -> throw requirementError("found '" + literal + "', expected: ',', ')' or identifier");
            }
        }

        private SortedSet<String> parseIdentifiersList() {
            TreeSet<String> values = new TreeSet<>();
            while (true) {
                Token t = consume(true);
                switch (t) {
                    case IDENTIFIER -> {
                        values.add(consumedLiteral());
                        Token next = lookahead(true);
                        if (next == Token.COMMA) {
                            continue;
                        }
                        if (next == Token.CLOSED_PAR) {
                            return values;
                        }
                        throw requirementError("found '" + lookaheadLiteral() + "', expected: ',' or ')'");
                    }
                    case COMMA -> {
                        // A comma with nothing before or after it stands for the empty value.
                        if (values.isEmpty()) {
                            values.add("");
                        }
                        Token following = lookahead(true);
                        if (following == Token.CLOSED_PAR) {
                            values.add("");
                            return values;
                        }
                        if (following == Token.COMMA) {
                            values.add("");
                        }
                    }
                    default ->
                        throw requirementError("found '" + consumedLiteral() + "', expected: ',', or identifier");
                }
            }
        }

        private SortedSet<String> parseExactValue() {
            TreeSet<String> values = new TreeSet<>();
            Token t = lookahead(true);
            if (t == Token.END_OF_STRING || t == Token.COMMA) {
                values.add("");
                return values;
            }
            if (consume(true) == Token.IDENTIFIER) {
                values.add(consumedLiteral());
                return values;
            }
            throw requirementError("found '" + consumedLiteral() + "', expected: identifier");
        }

        private static SelectorException requirementError(String detail) {
            return new SelectorException("unable to parse requirement: " + detail);
        }
    }

    /** Splits the input into operator, keyword and identifier tokens (longest operator wins). */
    private static final class Lexer {
        private final String input;
        private int pos;
        String literal = "";

        Lexer(String input) {
            this.input = input;
        }

        Token next() {
            while (pos < input.length() && isWhitespace(input.charAt(pos))) {
                pos++;
            }
            if (pos >= input.length()) {
                literal = "";
                return Token.END_OF_STRING;
            }
            return isSpecial(input.charAt(pos)) ? scanSpecial() : scanIdentifierOrKeyword();
        }

        private Token scanIdentifierOrKeyword() {
            int start = pos;
            while (pos < input.length()) {
                char c = input.charAt(pos);
                if (isSpecial(c) || isWhitespace(c)) {
                    break;
                }
                pos++;
            }
            literal = input.substring(start, pos);
            if (literal.equals("in")) {
                return Token.IN;
            }
            if (literal.equals("notin")) {
                return Token.NOT_IN;
            }
            return Token.IDENTIFIER;
        }

        private Token scanSpecial() {
            char c = input.charAt(pos++);
            Token single =
                    switch (c) {
                        case '=' -> Token.EQUALS;
                        case '!' -> Token.DOES_NOT_EXIST;
                        case '(' -> Token.OPEN_PAR;
                        case ')' -> Token.CLOSED_PAR;
                        case ',' -> Token.COMMA;
                        case '>' -> Token.GREATER_THAN;
                        case '<' -> Token.LESS_THAN;
                        default -> throw new AssertionError(c);
                    };
            if (pos < input.length() && input.charAt(pos) == '=' && (c == '=' || c == '!')) {
                pos++;
                literal = c == '=' ? "==" : "!=";
                return c == '=' ? Token.DOUBLE_EQUALS : Token.NOT_EQUALS;
            }
            literal = String.valueOf(c);
            return single;
        }

        private static boolean isWhitespace(char c) {
            return c == ' ' || c == '\t' || c == '\r' || c == '\n';
        }

        private static boolean isSpecial(char c) {
            return c == '=' || c == '!' || c == '(' || c == ')' || c == ',' || c == '>' || c == '<';
        }
    }
}
