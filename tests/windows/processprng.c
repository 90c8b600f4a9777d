/* bcryptprimitives.dll for the tests under Wine only (tests/windows/wine.rs compiles it with
 * x86_64-w64-mingw32-gcc into the test prefix's system32): Rust's standard library calls
 * ProcessPrng, which Windows 10 and later have and Wine 8 does not. It forwards to
 * RtlGenRandom (advapi32's SystemFunction036), Wine's own system random source. Never shipped. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
