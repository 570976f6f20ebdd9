package com.acme.crypto;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import javax.crypto.SecretKey;
import org.junit.jupiter.api.Test;

class AESEncryptionTest {

    @Test
    void encryptThenDecryptGivesThePlainTextBack() throws Exception {
        String plainText = "Hello AES!";
        SecretKey secKey = AESEncryption.getSecretEncryptionKey();
        byte[] cipherText = AESEncryption.encryptText(plainText, secKey);
        String decryptedText = AESEncryption.decryptText(cipherText, secKey);
        assertEquals(plainText, decryptedText);
    }

    @Test
    void cipherTextIsNotThePlainText() throws Exception {
        SecretKey secKey = AESEncryption.getSecretEncryptionKey();
        byte[] cipherText = AESEncryption.encryptText("attack at dawn", secKey);
        assertEquals(16, cipherText.length);
        assertFalse(new String(cipherText, StandardCharsets.ISO_8859_1).contains("attack"));
    }

    @Test
    void identityAbecedariumEncryptsLikeEncryptText() throws Exception {
        SecretKey secKey = AESEncryption.getSecretEncryptionKey();
        byte[] plain = AESEncryption.encryptText("Hello AES!", secKey);
        byte[] viaAbecedarium =
                AESEncryption.encryptTextWithAbecedarium("Hello AES!", secKey, AESEncryption.ALPHABET);
        assertArrayEquals(plain, viaAbecedarium);
    }

    @Test
    void abecedariumSubstitutesLettersBeforeEncrypting() throws Exception {
        SecretKey secKey = AESEncryption.getSecretEncryptionKey();
        String reversed = new StringBuilder(AESEncryption.ALPHABET).reverse().toString();
        byte[] cipherText = AESEncryption.encryptTextWithAbecedarium("Abc-1", secKey, reversed);
        assertEquals("Zyx-1", AESEncryption.decryptText(cipherText, secKey));
    }

    @Test
    void abecedariumOfTheWrongLengthIsRejected() throws Exception {
        SecretKey secKey = AESEncryption.getSecretEncryptionKey();
        assertThrows(IllegalArgumentException.class,
                () -> AESEncryption.encryptTextWithAbecedarium("x", secKey, "ABC"));
    }

    @Test
    void defaultKeyRoundTripAndRotation() throws Exception {
        byte[] cipherText = AESEncryption.encryptWithDefaultKey("~!@#$%^&*()_+");
        assertEquals("~!@#$%^&*()_+", AESEncryption.decryptWithDefaultKey(cipherText));
        SecretKey old = AESEncryption.rotateDefaultKey();
        try {
            assertNotEquals(old, AESEncryption.defaultKey);
            assertEquals("~!@#$%^&*()_+", AESEncryption.decryptText(cipherText, old));
        } finally {
            AESEncryption.defaultKey = old;
        }
    }

    @Test
    void bytesToHexWritesTwoLowerCaseDigitsPerByte() {
        assertEquals("00ff10", AESEncryption.bytesToHex(new byte[] {0, (byte) 0xff, 0x10}));
        assertEquals("", AESEncryption.bytesToHex(new byte[0]));
    }
}
