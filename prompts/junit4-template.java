package {{package}};

import org.junit.Test;
import static org.junit.Assert.*;

public class {{test_class}} {

    @Test
    public void mr1() throws Exception {
        // MR: <the relation in one line, e.g. "decode(encode(x)) equals x">
        // (i) source input
        // (ii) source output: invoke the first method on the source input
        // (iii) follow-up input, derived from the source input and/or output
        // (iv) follow-up output: invoke the second method on the follow-up input
        // (v) assert the output relation
    }
}
