# frozen_string_literal: true

require_relative 'test_helper'

# An integrator copies the README's quick start and runs it: it must work as written and print
# what its comments promise (the attendees it sold, then the typed refusal with its code).
class ReadmeTest < Minitest::Test
  README = File.expand_path('../README.md', __dir__)

  def test_the_quick_start_runs_as_written_and_prints_the_refusal_it_shows
    server = TestServer.info
    block = File.read(README)[/```ruby\n(.*?)```/m, 1] or flunk 'the README has no ```ruby block'
    script = block.sub("'sk_live_…'", server['api_key'].inspect).sub("'http://127.0.0.1:4380'", server['url'].inspect)
    lib = File.expand_path('../lib', __dir__)
    output, status = Open3.capture2e(RbConfig.ruby, '-I', lib, '-e', script)
    assert status.success?, output
    lines = output.lines(chomp: true)
    assert_equal %w[Ada Ada tier_has_sales], lines[0, 3]
    assert_match(/\Areq-\S+\z/, lines[3])
  end
end
