// The floor under a cold prefix query of search.pack (issue 38; docs/benchmarks.md,
// "Cold queries: the shards inflated by the runtime"): for each query, what any
// reader of this format must do before it reads a key: read each shard the query
// needs (pread), check its CRC-32 and inflate it. Nothing is decoded, ranked or
// cached. Written from docs/pack-format.md; the shards to read are found from the
// separators as "Searching" says. Inflated by zlib (as a reader of the format may)
// and by a decoder of fixed-Huffman blocks with the dictionary in front of the
// output (the shape of the runtime's FixedBlockInflater), each checked to give the
// declared length.
//
//   pack_floor PACK QUERIES [ROUNDS]    QUERIES: one query a line, normalised
//   (SearchBench's queries.txt: prefixes of keys), the first 2,000 read.
// Prints `key value` lines: medians and 90th percentiles over every query of
// every round, in microseconds, and the share of queries that read one shard.

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

static void fail(const char *what) {
    fprintf(stderr, "pack_floor: %s\n", what);
    exit(1);
}

// Fixed Huffman codes (RFC 1951, 3.2.6): lengths and distances by code.
static const uint16_t lengthBase[29] = {3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27,
                                        31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t lengthExtra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint16_t distanceBase[30] = {1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385,
                                          513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
static const uint8_t distanceExtra[30] = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};
// The literal/length code by the next nine bits as they arrive: symbol << 4 | code length.
static uint16_t literalTable[512];
static uint8_t distanceCode[32];

static unsigned reversed(unsigned value, int bits) {
    unsigned result = 0;
    for (int i = 0; i < bits; i++) { result = result << 1 | (value & 1); value >>= 1; }
    return result;
}

static void build(void) {
    for (int symbol = 0; symbol < 288; symbol++) {
        int bits;
        unsigned code;
        if (symbol < 144) { bits = 8; code = 0x30 + symbol; }
        else if (symbol < 256) { bits = 9; code = 0x190 + symbol - 144; }
        else if (symbol < 280) { bits = 7; code = symbol - 256; }
        else { bits = 8; code = 0xC0 + symbol - 280; }
        for (unsigned at = reversed(code, bits); at < 512; at += 1u << bits) literalTable[at] = (uint16_t)(symbol << 4 | bits);
    }
    for (unsigned code = 0; code < 32; code++) distanceCode[reversed(code, 5)] = (uint8_t)code;
}

// Raw deflate data of fixed blocks at `in` (24 readable bytes past `length`)
// -> `buf` after the `dictionary` bytes already there, at most `room` bytes:
// the bytes written, or -1 when the data is not fixed blocks that fit.
static long fixinflate(const uint8_t *in, size_t length, uint8_t *buf, size_t dictionary, size_t room) {
    const uint8_t *next = in, *end = in + length;
    uint64_t bits = 0;
    int count = 0;
    uint8_t *out = buf + dictionary, *outEnd = buf + dictionary + room;
#define REFILL()                                           \
    do {                                                   \
        uint64_t word;                                     \
        memcpy(&word, next, 8);                            \
        bits |= word << count;                             \
        next += (63 - count) >> 3;                         \
        count |= 56;                                       \
        if (next > end + 8) return -1;                     \
    } while (0)
    for (;;) {
        REFILL();
        int final = bits & 1, type = (bits >> 1) & 3;
        bits >>= 3;
        count -= 3;
        if (type != 1) return -1;
        for (;;) {
            REFILL();
            uint16_t entry = literalTable[bits & 511];
            int symbol = entry >> 4;
            bits >>= entry & 15;
            count -= entry & 15;
            if (symbol < 256) {
                if (out >= outEnd) return -1;
                *out++ = (uint8_t)symbol;
                continue;
            }
            if (symbol == 256) break;
            symbol -= 257;
            if (symbol > 28) return -1;
            unsigned matchLength = lengthBase[symbol] + (unsigned)(bits & ((1u << lengthExtra[symbol]) - 1));
            bits >>= lengthExtra[symbol];
            count -= lengthExtra[symbol];
            int code = distanceCode[bits & 31];
            bits >>= 5;
            count -= 5;
            if (code > 29) return -1;
            REFILL();
            unsigned distance = distanceBase[code] + (unsigned)(bits & ((1u << distanceExtra[code]) - 1));
            bits >>= distanceExtra[code];
            count -= distanceExtra[code];
            if (distance > (size_t)(out - buf) || matchLength > (size_t)(outEnd - out)) return -1;
            const uint8_t *from = out - distance;
            if (distance >= 8 && outEnd - out >= matchLength + 8) {
                for (unsigned copied = 0; copied < matchLength; copied += 8) memcpy(out + copied, from + copied, 8);
            } else {
                for (unsigned k = 0; k < matchLength; k++) out[k] = from[k];
            }
            out += matchLength;
        }
        if (final) break;
    }
#undef REFILL
    return out - (buf + dictionary);
}

static uint32_t u32(const uint8_t *p) { return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }

static int cmpd(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

// Bytewise, the shorter first when one is a prefix of the other.
static int compare(const uint8_t *a, size_t an, const uint8_t *b, size_t bn) {
    int c = memcmp(a, b, an < bn ? an : bn);
    return c ? c : (an > bn) - (an < bn);
}

int main(int argc, char **argv) {
    if (argc < 3) fail("usage: pack_floor PACK QUERIES [ROUNDS]");
    int rounds = argc > 3 ? atoi(argv[3]) : 5;
    build();
    FILE *f = fopen(argv[1], "rb");
    if (!f) fail("cannot open the pack");
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *d = malloc(size);
    if (fread(d, 1, size, f) != (size_t)size) fail("cannot read the pack");
    fclose(f);
    if (size < 32 || memcmp(d, "UPSEARCH", 8) || (d[8] | d[9] << 8) != 6) fail("not a search.pack of format 6");
    uint32_t shardCount = u32(d + 20);
    // The tables: languages, query rewriting, unit table, dictionary, shard index.
    size_t p = 32;
    unsigned languages = d[p++];
    for (unsigned i = 0; i < languages; i++) p += 1 + d[p];
    for (unsigned i = 0; i < languages; i++) {
        unsigned rows = d[p++];
        for (unsigned r = 0; r < rows; r++) p += 1 + d[p];
        unsigned pairs = d[p] | d[p + 1] << 8;
        p += 2;
        for (unsigned r = 0; r < pairs; r++) { p += 1 + d[p]; p += 1 + d[p]; }
        unsigned per = d[p++];
        for (unsigned r = 0; r < per; r++) p += 1 + d[p];
    }
    p += 8 + u32(d + p + 4);  // the unit table
    uLongf dictionaryLength = u32(d + p);
    uint32_t dictionaryCompressed = u32(d + p + 4);
    uint8_t *buf = malloc(dictionaryLength + (1 << 20) + 64);
    if (dictionaryLength && uncompress(buf, &dictionaryLength, d + p + 8, dictionaryCompressed) != Z_OK) fail("dictionary");
    p += 8 + dictionaryCompressed;
    uint32_t *offset = malloc(4 * shardCount), *compressed = malloc(4 * shardCount), *raw = malloc(4 * shardCount);
    const uint8_t **separator = malloc(sizeof *separator * shardCount);
    size_t *separatorLength = malloc(sizeof *separatorLength * shardCount);
    for (uint32_t i = 0; i < shardCount; i++) {
        offset[i] = u32(d + p);
        compressed[i] = u32(d + p + 4);
        raw[i] = u32(d + p + 8);
        separatorLength[i] = d[p + 16] | d[p + 17] << 8;
        separator[i] = d + p + 18;
        p += 18 + separatorLength[i];
        if (raw[i] > (1 << 20)) fail("a shard over 1 MiB");
    }
    // The queries and the shards each reads.
    FILE *qf = fopen(argv[2], "r");
    if (!qf) fail("cannot open the queries");
    enum { maxQueries = 2000 };
    static uint32_t first[maxQueries], last[maxQueries];
    int queries = 0, single = 0;
    char line[8192];
    while (queries < maxQueries && fgets(line, sizeof line, qf)) {
        size_t n = strcspn(line, "\n");
        const uint8_t *q = (const uint8_t *)line;
        uint32_t low = 0, high = shardCount;
        while (low < high) {
            uint32_t middle = (low + high) / 2;
            if (compare(q, n, separator[middle], separatorLength[middle]) < 0) high = middle; else low = middle + 1;
        }
        uint32_t start = low > 0 ? low - 1 : 0, end = low;
        while (end < shardCount && separatorLength[end] >= n && memcmp(separator[end], q, n) == 0) end++;
        if (end < start + 1) end = start + 1;
        first[queries] = start;
        last[queries] = end;
        single += end - start == 1;
        queries++;
    }
    fclose(qf);
    int fd = open(argv[1], O_RDONLY);
    static uint8_t in[(1 << 20) + 64];
    uint8_t *out = malloc((1 << 20) + 300);
    double *fixedTimes = malloc(sizeof(double) * queries * rounds), *zlibTimes = malloc(sizeof(double) * queries * rounds);
    unsigned long sink = 0;
    for (int r = 0; r < rounds; r++) {
        for (int engine = 0; engine < 2; engine++) {
            for (int q = 0; q < queries; q++) {
                double t0 = now();
                for (uint32_t s = first[q]; s < last[q]; s++) {
                    if (pread(fd, in, compressed[s], offset[s]) != (ssize_t)compressed[s]) fail("short read");
                    memset(in + compressed[s], 0, 24);
                    sink += crc32(0, in, compressed[s]);
                    // A zlib stream: header (2 bytes), DICTID (4), raw deflate data, Adler-32 (4).
                    const uint8_t *body = in + (dictionaryLength ? 6 : 2);
                    size_t bodyLength = compressed[s] - (dictionaryLength ? 10 : 6);
                    long produced;
                    if (engine == 0) {
                        produced = fixinflate(body, bodyLength, buf, dictionaryLength, raw[s] + 64);
                    } else {
                        z_stream z;
                        memset(&z, 0, sizeof z);
                        inflateInit2(&z, -15);
                        if (dictionaryLength) inflateSetDictionary(&z, buf, dictionaryLength);
                        z.next_in = (uint8_t *)body;
                        z.avail_in = bodyLength + 4;
                        z.next_out = out;
                        z.avail_out = raw[s] + 258;
                        inflate(&z, Z_FINISH);
                        produced = z.total_out;
                        inflateEnd(&z);
                    }
                    if (produced != (long)raw[s]) fail("a shard did not inflate to its length");
                }
                (engine == 0 ? fixedTimes : zlibTimes)[r * queries + q] = (now() - t0) / 1000;
            }
        }
    }
    int n = queries * rounds;
    qsort(fixedTimes, n, sizeof(double), cmpd);
    qsort(zlibTimes, n, sizeof(double), cmpd);
    printf("queries %d\n", queries);
    printf("one_shard_share %.2f\n", 100.0 * single / queries);
    printf("floor_fixed_median_us %.2f\nfloor_fixed_p90_us %.2f\n", fixedTimes[n / 2], fixedTimes[n * 9 / 10]);
    printf("floor_zlib_median_us %.2f\nfloor_zlib_p90_us %.2f\n", zlibTimes[n / 2], zlibTimes[n * 9 / 10]);
    return (int)(sink & 0);
}
