// grk-beir-bare-write: the floor the beir adapter is measured against. It only
// creates and writes the files an adaptation writes, with the same bytes, read
// from the blob generate_corpus.py prepared: no parsing, no checks, no staging.
//
//   grk-beir-bare-write EXPECTED_BLOB OUT_DIR
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: grk-beir-bare-write EXPECTED_BLOB OUT_DIR\n");
    return 2;
  }
  FILE* blob = std::fopen(argv[1], "rb");
  if (blob == nullptr) {
    std::perror(argv[1]);
    return 1;
  }
  const std::string out = argv[2];
  ::mkdir(out.c_str(), 0777);
  ::mkdir((out + "/corpus").c_str(), 0777);
  std::vector<char> data;
  std::string name;
  unsigned long name_size = 0, data_size = 0;
  while (std::fscanf(blob, "%lu %lu\n", &name_size, &data_size) == 2) {
    name.resize(name_size);
    data.resize(data_size);
    if (std::fread(name.data(), 1, name_size, blob) != name_size ||
        std::fread(data.data(), 1, data_size, blob) != data_size) {
      std::fprintf(stderr, "truncated blob\n");
      return 1;
    }
    const std::string path = out + "/" + name;
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0 || ::write(fd, data.data(), data_size) != static_cast<ssize_t>(data_size) || ::close(fd) != 0) {
      std::fprintf(stderr, "%s: %s\n", path.c_str(), std::strerror(errno));
      return 1;
    }
  }
  std::fclose(blob);
  return 0;
}
